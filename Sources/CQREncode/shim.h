// libqrencode (QR code symbols as module matrices), from Debian's libqrencode-dev.
#include <qrencode.h>

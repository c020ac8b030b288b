// Cairo (PDF surfaces), Pango (text layout and shaping for any script) and gdk-pixbuf (reading
// JPEG and PNG slides at thumbnail size), from Debian's libcairo2-dev, libpango1.0-dev and
// libgdk-pixbuf-2.0-dev.
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

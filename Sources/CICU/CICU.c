// ICU collation is declared in include/CICU.h and linked from lib_FoundationICU.

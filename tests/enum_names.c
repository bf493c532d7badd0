#include "enum_names.h"

const char *trans_name(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS ? "N" : t == OMPWG_TRANS ? "T" : t == OMPWG_CONJ_TRANS ? "C" : "?";
}

const char *layout_name(ompwg_layout l)
{
    return l == OMPWG_COL_MAJOR ? "col-major" : l == OMPWG_ROW_MAJOR ? "row-major" : "?";
}

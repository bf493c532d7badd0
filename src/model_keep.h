/* Where the planner's model is kept between processes: the file named
 * (OMPWG_MODEL_FILE, ompwg_set_model_file), or by default the one per
 * machine kind under the user's cache directory, and where that one cannot
 * be written, a directory of the user's own that can. */
#ifndef OMPWG_MODEL_KEEP_H
#define OMPWG_MODEL_KEEP_H

#include <stdbool.h>
#include <stddef.h>

#include "ompwg.h"

/* Loads the model kept for the machine of `key`: from path (the named
 * file, or the default one where by_default; "" none), and for the default
 * file from the user's own directories where the cache holds none that
 * fits. 0 with the model in *out and its file in where; -1 when none was
 * found (a file that was there and could not be used is said on stderr:
 * always for a named file, under OMPWG_VERBOSE for the default one). */
int ompwg_model_load_kept(const char *path, bool by_default, const ompwg_model *key,
                          ompwg_model *out, char *where, size_t wlen);

/* Keeps m: in path, and for the default file in the first of the user's
 * own directories that takes it where the cache directory cannot be
 * written ($XDG_RUNTIME_DIR/ompwg, else ompwg-UID under $TMPDIR or /tmp,
 * each created mode 0700 and used only while it is the user's alone).
 * 0 with the file in where; -1 when no file took it (said as above). */
int ompwg_model_save_kept(const char *path, bool by_default, const ompwg_model *m, char *where,
                          size_t wlen);

#endif

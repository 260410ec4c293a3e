#include "CPocketSphinx.h"

#include <dlfcn.h>
#include <pthread.h>

struct censor_pocketsphinx_functions censor_pocketsphinx;
const char *const censor_pocketsphinx_library = "libpocketsphinx.so.3";

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // Its own dependency, libsphinxbase.so.3, is loaded with it and searched by dlsym.
    void *library = dlopen(censor_pocketsphinx_library, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    struct censor_pocketsphinx_functions found;
#define FIND(name) if ((*(void **)&found.name = dlsym(library, #name)) == NULL) return;
    FIND(err_set_logfp)
    FIND(cmd_ln_parse_r)
    FIND(cmd_ln_free_r)
    FIND(fsg_model_init)
    FIND(fsg_model_free)
    FIND(fsg_model_word_add)
    FIND(fsg_model_trans_add)
    FIND(fsg_model_null_trans_add)
    FIND(fsg_model_null_trans_closure)
    FIND(glist_free)
    FIND(ps_args)
    FIND(ps_init)
    FIND(ps_free)
    FIND(ps_get_logmath)
    FIND(ps_lookup_word)
    FIND(ps_add_word)
    FIND(ps_set_fsg)
    FIND(ps_set_search)
    FIND(ps_unset_search)
    FIND(ps_start_utt)
    FIND(ps_process_raw)
    FIND(ps_end_utt)
    FIND(ps_seg_iter)
    FIND(ps_seg_next)
    FIND(ps_seg_word)
    FIND(ps_seg_frames)
#undef FIND
    censor_pocketsphinx = found;
    loaded = 1;
}

int censor_pocketsphinx_load(void) {
    pthread_once(&once, load);
    return loaded;
}

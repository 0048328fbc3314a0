// wcwidth is declared only with X/Open (or GNU) features.
#define _GNU_SOURCE
#include "CEditLine.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <wchar.h>

// The libedit functions daybook calls, found with dlsym. Their types come from <histedit.h>.
static struct {
    __typeof__(el_init) *el_init;
    __typeof__(el_end) *el_end;
    __typeof__(el_source) *el_source;
    __typeof__(el_gets) *el_gets;
    __typeof__(el_resize) *el_resize;
    __typeof__(el_cursor) *el_cursor;
    __typeof__(el_insertstr) *el_insertstr;
    __typeof__(el_deletestr) *el_deletestr;
    __typeof__(el_push) *el_push;
    __typeof__(el_wline) *el_wline;
    __typeof__(el_set) *el_set;
    __typeof__(el_get) *el_get;
    __typeof__(history_init) *history_init;
    __typeof__(history_end) *history_end;
    __typeof__(history) *history;
} editline;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char failure[256] = "libedit was not loaded";

static void load(void) {
    // The run-time name first (package libedit2); the development link as a fallback.
    const char *names[] = {"libedit.so.2", "libedit.so"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        const char *why = library == NULL ? dlerror() : NULL;
        // Say why the run-time name failed, which is the one that matters.
        if (i == 0 && why != NULL) snprintf(failure, sizeof failure, "%s", why);
    }
    if (library == NULL) return;
#define FIND(name)                                                                   \
    if ((editline.name = (__typeof__(editline.name))dlsym(library, #name)) == NULL) { \
        snprintf(failure, sizeof failure, "libedit has no %s", #name);               \
        return;                                                                      \
    }
    FIND(el_init)
    FIND(el_end)
    FIND(el_source)
    FIND(el_gets)
    FIND(el_resize)
    FIND(el_cursor)
    FIND(el_insertstr)
    FIND(el_deletestr)
    FIND(el_push)
    FIND(el_wline)
    FIND(el_set)
    FIND(el_get)
    FIND(history_init)
    FIND(history_end)
    FIND(history)
#undef FIND
    loaded = 1;
}

int daybook_editline_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *daybook_editline_error(void) { return loaded ? NULL : failure; }

EditLine *daybook_el_init(const char *name, FILE *in, FILE *out, FILE *err) {
    return editline.el_init(name, in, out, err);
}

void daybook_el_end(EditLine *el) { editline.el_end(el); }

int daybook_el_source(EditLine *el, const char *file) { return editline.el_source(el, file); }

const char *daybook_el_gets(EditLine *el, int *count) { return editline.el_gets(el, count); }

void daybook_el_resize(EditLine *el) { editline.el_resize(el); }

int daybook_el_cursor(EditLine *el, int count) { return editline.el_cursor(el, count); }

int daybook_el_insertstr(EditLine *el, const char *text) { return editline.el_insertstr(el, text); }

void daybook_el_deletestr(EditLine *el, int count) { editline.el_deletestr(el, count); }

void daybook_el_push(EditLine *el, const char *text) { editline.el_push(el, text); }

const LineInfoW *daybook_el_wline(EditLine *el) { return editline.el_wline(el); }

int daybook_el_set_prompt(EditLine *el, daybook_el_prompt prompt) {
    return editline.el_set(el, EL_PROMPT, prompt);
}

int daybook_el_set_editor(EditLine *el, const char *mode) { return editline.el_set(el, EL_EDITOR, mode); }

int daybook_el_set_int(EditLine *el, int op, int value) { return editline.el_set(el, op, value); }

int daybook_el_set_history(EditLine *el, History *history_) {
    return editline.el_set(el, EL_HIST, editline.history, history_);
}

int daybook_el_addfn(EditLine *el, const char *name, const char *help, daybook_el_func fn) {
    return editline.el_set(el, EL_ADDFN, name, help, fn);
}

int daybook_el_bind(EditLine *el, const char *key, const char *function) {
    return editline.el_set(el, EL_BIND, key, function, (const char *)NULL);
}

int daybook_el_setty(EditLine *el, const char *which, const char *mode) {
    return editline.el_set(el, EL_SETTY, which, mode, (const char *)NULL);
}

int daybook_el_set_clientdata(EditLine *el, void *data) { return editline.el_set(el, EL_CLIENTDATA, data); }

void *daybook_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    editline.el_get(el, EL_CLIENTDATA, &data);
    return data;
}

int daybook_el_refresh(EditLine *el) { return editline.el_set(el, EL_REFRESH); }

int daybook_wcwidth(int c) { return wcwidth((wchar_t)c); }

History *daybook_history_init(void) { return editline.history_init(); }

void daybook_history_end(History *h) { editline.history_end(h); }

int daybook_history_setsize(History *h, int size) {
    HistEvent event;
    return editline.history(h, &event, H_SETSIZE, size);
}

int daybook_history_setunique(History *h, int unique) {
    HistEvent event;
    return editline.history(h, &event, H_SETUNIQUE, unique);
}

int daybook_history_enter(History *h, const char *line) {
    HistEvent event;
    return editline.history(h, &event, H_ENTER, line);
}

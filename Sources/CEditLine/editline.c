// wcwidth is declared only with X/Open (or GNU) features.
#define _GNU_SOURCE
#include "CEditLine.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
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

// Reading keys. libedit's own reader blocks in read(2), and a SIGINT counts only when it
// interrupts that read: one that comes while the prompt is being drawn is handled (the
// terminal is restored, the shell's handler runs) and the read then waits for a key with
// nothing on screen. This reader waits in poll(2) on the terminal and on a pipe that the
// shell's SIGINT handler writes to, so a signal at any moment of the line ends it.
static int wake_pipe[2] = {-1, -1};
static volatile sig_atomic_t resize_pending = 0;

static int read_key(EditLine *el, wchar_t *out) {
    FILE *input = NULL;
    int fd = editline.el_get(el, EL_GETFP, 0, &input) == 0 && input != NULL ? fileno(input) : 0;
    char bytes[MB_LEN_MAX];
    size_t have = 0;
    *out = L'\0';
    for (;;) {
        struct pollfd wait[2] = {{.fd = fd, .events = POLLIN}, {.fd = wake_pipe[0], .events = POLLIN}};
        if (poll(wait, 2, -1) < 0) {
            if (errno != EINTR) return -1;
            // A resize while the line is edited: what libedit's reader does on SIGWINCH.
            if (resize_pending) {
                resize_pending = 0;
                editline.el_resize(el);
            }
            continue;  // a SIGINT shows as the pipe at the next poll
        }
        if (wait[1].revents != 0) {
            daybook_el_clear_wakes();
            errno = EINTR;
            return -1;
        }
        if (wait[0].revents == 0) continue;
        ssize_t n = read(fd, bytes + have, 1);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;  // EIO: the terminal went away
        }
        if (n == 0) return 0;
        have++;
        // Decode as libedit does: a byte that cannot continue a character starts again, alone.
        for (;;) {
            mbstate_t state;
            memset(&state, 0, sizeof state);
            size_t used = mbrtowc(out, bytes, have, &state);
            if (used == (size_t)-2) {
                if (have >= sizeof bytes) {
                    errno = EILSEQ;
                    *out = L'\0';
                    return -1;
                }
                break;  // read one more byte
            }
            if (used == (size_t)-1) {
                if (have > 1) {
                    bytes[0] = bytes[have - 1];
                    have = 1;
                    continue;
                }
                have = 0;
                break;  // an invalid byte alone is dropped
            }
            return 1;
        }
    }
}

int daybook_el_read_keys_with_wakes(EditLine *el) {
    if (wake_pipe[0] < 0 && pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    return editline.el_set(el, EL_GETCFN, read_key);
}

void daybook_el_wake(void) {
    if (wake_pipe[1] >= 0) {
        char byte = 0;
        ssize_t ignored = write(wake_pipe[1], &byte, 1);
        (void)ignored;
    }
}

void daybook_el_note_resize(void) { resize_pending = 1; }

void daybook_el_clear_wakes(void) {
    char drain[64];
    if (wake_pipe[0] < 0) return;
    while (read(wake_pipe[0], drain, sizeof drain) > 0) {
    }
}

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

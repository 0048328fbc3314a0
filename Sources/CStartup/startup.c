// See include/CStartup.h.
#define _GNU_SOURCE
#include "CStartup.h"

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <linux/userfaultfd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// Debian 12's kernel headers (6.1) predate it; the value is the kernel's ABI (Linux 6.7).
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC (1 << 15)
#endif

// Only the faults of user code: what an unprivileged process may ask for
// (vm.unprivileged_userfaultfd = 0, the default).
#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif

static int opened = -1;

static int open_tracking(void) {
    int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
    if (fd < 0) return -1;
    struct uffdio_api api = {.api = UFFD_API, .features = UFFD_FEATURE_WP_ASYNC};
    if (ioctl(fd, UFFDIO_API, &api) != 0 || !(api.features & UFFD_FEATURE_WP_ASYNC)) {
        close(fd);
        return -1;
    }
    return fd;
}

static int register_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    int *count = data;
    long page = sysconf(_SC_PAGESIZE);
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W) || segment->p_memsz == 0) continue;
        unsigned long start = (info->dlpi_addr + segment->p_vaddr) & ~(unsigned long)(page - 1);
        unsigned long end =
            (info->dlpi_addr + segment->p_vaddr + segment->p_memsz + page - 1) & ~(unsigned long)(page - 1);
        struct uffdio_register range = {.range = {.start = start, .len = end - start}, .mode = UFFDIO_REGISTER_MODE_WP};
        // The vDSO and anything else the kernel will not track are left as they are.
        if (ioctl(opened, UFFDIO_REGISTER, &range) == 0) (*count)++;
    }
    return 0;
}

int daybook_map_code_as_run(void) {
    if (opened >= 0) return 0;
    const char *preload = getenv("LD_PRELOAD");
    if (preload != NULL && strstr(preload, "vgpreload") != NULL) return 0;
    int saved = errno;
    opened = open_tracking();
    int count = 0;
    if (opened >= 0) {
        dl_iterate_phdr(register_segments, &count);
        if (count == 0) {
            close(opened);
            opened = -1;
        }
    }
    errno = saved;
    return count;
}

int daybook_code_mapping_available(void) {
    int saved = errno;
    int fd = open_tracking();
    if (fd >= 0) close(fd);
    errno = saved;
    return fd >= 0;
}

// The system calls Swift's Glibc module does not expose: glibc declares renameat2 and
// statx only under _GNU_SOURCE.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include "cvitrinesystem.h"

int vitrine_exchange(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#include <limits.h>
#include <string.h>
#include <sys/stat.h>

int vitrine_is_mount_point(const char *path) {
#if defined(__linux__) && defined(STATX_ATTR_MOUNT_ROOT)
    struct statx status;
    if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &status) != 0) return -1;
    if (status.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) return (status.stx_attributes & STATX_ATTR_MOUNT_ROOT) ? 1 : 0;
#endif
    // Older kernels: a folder on another device than its parent is the root of a mount
    // (a bind mount from the same file system goes unnoticed here).
    char parent[PATH_MAX];
    if (snprintf(parent, sizeof parent, "%s/..", path) >= (int)sizeof parent) {
        errno = ENAMETOOLONG;
        return -1;
    }
    struct stat own, above;
    if (lstat(path, &own) != 0 || stat(parent, &above) != 0) return -1;
    return own.st_dev != above.st_dev ? 1 : 0;
}

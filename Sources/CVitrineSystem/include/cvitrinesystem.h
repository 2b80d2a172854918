#ifndef VITRINE_CVITRINESYSTEM_H
#define VITRINE_CVITRINESYSTEM_H

/// Swaps two paths in one step (Linux `renameat2` with `RENAME_EXCHANGE`): at every instant
/// each name refers to one of the two trees, never to nothing. Both must exist on the same
/// file system. Returns 0, or -1 with errno set (ENOSYS or EINVAL where the kernel or the
/// file system cannot exchange; the caller then falls back to two renames).
int vitrine_exchange(const char *first, const char *second);

/// 1 when `path` (not followed if it is a link) is the root of a mounted file system — a
/// container volume, a bind mount — which can be neither renamed nor exchanged (EBUSY);
/// 0 when it is not; -1 with errno set when it cannot be told.
int vitrine_is_mount_point(const char *path);

#endif

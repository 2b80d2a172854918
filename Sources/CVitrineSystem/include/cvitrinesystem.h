#ifndef VITRINE_CVITRINESYSTEM_H
#define VITRINE_CVITRINESYSTEM_H

/// Swaps two paths in one step (Linux `renameat2` with `RENAME_EXCHANGE`): at every instant
/// each name refers to one of the two trees, never to nothing. Both must exist on the same
/// file system. Returns 0, or -1 with errno set (ENOSYS or EINVAL where the kernel or the
/// file system cannot exchange; the caller then falls back to two renames).
int vitrine_exchange(const char *first, const char *second);

#endif

/* Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence. */
#ifndef SWIFT_UTI_LIST_H
#define SWIFT_UTI_LIST_H

#include <stddef.h>

struct list_node {
    struct list_node *next;
    void *value;
};

typedef struct list {
    struct list_node *head;
    size_t length;
} list_t;

list_t *list_create(void);
void list_free(list_t *list);
int list_push(list_t *list, void *value);
void *list_pop(list_t *list);

#endif /* SWIFT_UTI_LIST_H */

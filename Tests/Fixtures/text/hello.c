/*
 * Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
 * Permission is hereby granted, free of charge, to any person obtaining a copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int count_words(const char *line) {
    int words = 0, inside = 0;
    for (const char *p = line; *p != '\0'; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n') {
            inside = 0;
        } else if (!inside) {
            inside = 1;
            words++;
        }
    }
    return words;
}

int main(int argc, char **argv) {
    char buffer[4096];
    long total = 0;
    while (fgets(buffer, sizeof buffer, stdin) != NULL) {
        total += count_words(buffer);
    }
    printf("%ld\n", total);
    return argc > 1 ? EXIT_FAILURE : EXIT_SUCCESS;
}

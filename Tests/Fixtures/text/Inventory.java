// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
package com.example.shop;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

public final class Inventory {
    private final List<String> items = new ArrayList<>();

    public void add(String item) {
        if (item == null || item.isBlank()) {
            throw new IllegalArgumentException("item must not be empty");
        }
        items.add(item);
    }

    public Optional<String> find(String prefix) {
        return items.stream().filter(item -> item.startsWith(prefix)).findFirst();
    }

    @Override
    public String toString() {
        return "Inventory" + items;
    }
}

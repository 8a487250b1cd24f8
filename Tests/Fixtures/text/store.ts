// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
export interface Item {
  id: string;
  title: string;
  done: boolean;
}

type Listener = (items: readonly Item[]) => void;

export class Store {
  private items: Item[] = [];
  private listeners = new Set<Listener>();

  add(title: string): Item {
    const item: Item = { id: crypto.randomUUID(), title, done: false };
    this.items = [...this.items, item];
    this.notify();
    return item;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.items);
  }
}

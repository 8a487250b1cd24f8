// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
package main

import (
	"fmt"
	"log"
	"net/http"
	"time"
)

type handler struct {
	started time.Time
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	uptime := time.Since(h.started).Round(time.Second)
	fmt.Fprintf(w, "up %s\n", uptime)
}

func main() {
	h := &handler{started: time.Now()}
	if err := http.ListenAndServe(":8080", h); err != nil {
		log.Fatal(err)
	}
}

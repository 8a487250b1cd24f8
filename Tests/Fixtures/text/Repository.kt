// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
package com.example.notes

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.MutableStateFlow

data class Note(val id: Long, val text: String, val pinned: Boolean = false)

class Repository {
    private val notes = MutableStateFlow<List<Note>>(emptyList())

    val all: Flow<List<Note>> get() = notes

    fun add(text: String): Note {
        val note = Note(id = System.nanoTime(), text = text)
        notes.value = notes.value + note
        return note
    }

    fun pinned(): List<Note> = notes.value.filter { it.pinned }

    companion object {
        const val LIMIT = 100
    }
}

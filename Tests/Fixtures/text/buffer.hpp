// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace io {

template <typename T>
class RingBuffer {
public:
    explicit RingBuffer(std::size_t capacity) : items_(capacity) {}
    bool push(const T &item);
    std::size_t size() const noexcept { return count_; }
private:
    std::vector<T> items_;
    std::size_t head_ = 0;
    std::size_t count_ = 0;
};

std::string describe(const RingBuffer<int> &buffer);

}  // namespace io

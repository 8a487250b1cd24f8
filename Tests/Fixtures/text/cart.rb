# Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
require 'json'

module Shop
  class Cart
    attr_reader :items

    def initialize
      @items = []
    end

    def add(name, price, quantity: 1)
      @items << { name: name, price: price, quantity: quantity }
      self
    end

    def total
      @items.sum { |item| item[:price] * item[:quantity] }
    end

    def to_json(*args)
      { items: @items, total: total }.to_json(*args)
    end
  end
end

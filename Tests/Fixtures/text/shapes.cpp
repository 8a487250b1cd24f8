// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
#include <iostream>
#include <memory>
#include <vector>

namespace geometry {

class Shape {
public:
    virtual ~Shape() = default;
    virtual double area() const = 0;
};

class Circle final : public Shape {
public:
    explicit Circle(double radius) : radius_(radius) {}
    double area() const override { return 3.14159 * radius_ * radius_; }
private:
    double radius_;
};

}  // namespace geometry

int main() {
    std::vector<std::unique_ptr<geometry::Shape>> shapes;
    shapes.push_back(std::make_unique<geometry::Circle>(2.0));
    for (const auto &shape : shapes) {
        std::cout << shape->area() << std::endl;
    }
    return 0;
}

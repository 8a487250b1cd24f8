<?php
// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
declare(strict_types=1);

namespace App\Http;

final class Router
{
    private array $routes = [];

    public function get(string $path, callable $handler): void
    {
        $this->routes['GET'][$path] = $handler;
    }

    public function dispatch(string $method, string $path): string
    {
        $handler = $this->routes[$method][$path] ?? null;
        return $handler ? $handler() : '404';
    }
}

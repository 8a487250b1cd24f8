// The peer of utibench's process rows: a Swift program that only prints a line.
print("hello")

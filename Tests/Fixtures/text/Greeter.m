// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
#import "Greeter.h"
#import <Foundation/Foundation.h>

@interface Greeter ()
@property (nonatomic, copy) NSString *name;
@end

@implementation Greeter

- (instancetype)initWithName:(NSString *)name {
    self = [super init];
    if (self) {
        _name = [name copy];
    }
    return self;
}

- (NSString *)greeting {
    return [NSString stringWithFormat:@"Hello, %@!", self.name];
}

@end

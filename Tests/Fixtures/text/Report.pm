# Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
package Report;

use strict;
use warnings;

sub new {
    my ($class, %args) = @_;
    my $self = { title => $args{title} // 'Report', rows => [] };
    return bless $self, $class;
}

sub add_row {
    my ($self, @cells) = @_;
    push @{ $self->{rows} }, [@cells];
    return scalar @{ $self->{rows} };
}

sub render {
    my $self = shift;
    my $text = "$self->{title}\n";
    $text .= join("\t", @$_) . "\n" for @{ $self->{rows} };
    return $text;
}

1;

// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
using System;
using System.Collections.Generic;
using System.Linq;

namespace Bank.Accounts
{
    public class Account
    {
        private readonly List<decimal> _entries = new();

        public string Owner { get; init; } = string.Empty;

        public decimal Balance => _entries.Sum();

        public void Deposit(decimal amount)
        {
            if (amount <= 0) throw new ArgumentOutOfRangeException(nameof(amount));
            _entries.Add(amount);
        }

        public override string ToString() => $"{Owner}: {Balance:C}";
    }
}

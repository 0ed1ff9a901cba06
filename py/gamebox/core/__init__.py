"""What every game shares: the protocol, the generator, errors, share codes, bots and the bridge."""

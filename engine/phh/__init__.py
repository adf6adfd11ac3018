"""Hand histories in the public PHH format (engine/PHH.md): `read`, `replay` (through the
engine), `write`."""

// The Documents module; its types live in files named for them.

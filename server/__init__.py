"""The edges: the click CLI and the aiohttp server over one application service."""

"""The Socket.IO edge: the transport guard, the gateway that joins connections to rooms, the event
handlers, payload parsing, and the outbox that sends each viewer its view of each change."""

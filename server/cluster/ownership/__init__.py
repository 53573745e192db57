"""Room ownership across processes: Redis leases with fencing, each room's command log, fail-over."""

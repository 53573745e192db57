"""The Lua scripts that make room ownership safe: each runs atomically inside Redis.

A room's keys (`room_keys`): `owner` holds the lease `"<epoch>:<node>"` with an expiry, `epoch` counts
leases ever granted, `log` is the stream of the room's commands since `snap`, the last snapshot, stored
as `"<stream id>\\n<state json>"` (the id of the last command it includes). The lease value is the
fencing token: every write checks it in the same script, so an owner that lost its lease (stopped,
partitioned, slow past the expiry) can no longer write anything, however late it wakes up (Kleppmann,
"How to do distributed locking"; with one Redis as both lease and log, no Redlock is needed).
"""

ACQUIRE = """
local held = redis.call('GET', KEYS[1])
if held then return {0, held, ''} end
if redis.call('EXISTS', KEYS[3]) == 0 then return {-1, '', ''} end
local token = redis.call('INCR', KEYS[2]) .. ':' .. ARGV[1]
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SET', KEYS[1], token, 'PX', ARGV[2])
local previous = redis.call('GET', KEYS[4]) or ''
redis.call('SET', KEYS[4], token, 'PX', ARGV[3])
return {1, token, previous}
"""
"""KEYS owner, epoch, snap, holder; ARGV node, ttl ms, keys ttl ms -> {1, token, the previous owner's
token or ''} granted, {0, holder's token} held, {-1} no such room. `holder` outlives the lease: a new
owner reads who had the room before, to tell how long it was gone."""

RENEW = """
local renewed = {}
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[i + 1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[1])
    renewed[#renewed + 1] = 1
  else
    renewed[#renewed + 1] = 0
  end
end
return renewed
"""
"""KEYS owner keys; ARGV ttl ms, then each key's token -> 1 renewed / 0 lost, per key."""

APPEND_GROUP = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local first = 7
local id = '0-0'
if ARGV[6] ~= '' then
  local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
  if #last > 0 then
    id = last[1][1]
    local fields = last[1][2]
    for j = 1, #fields, 2 do
      if fields[j] == 'i' then
        for k = 7, #ARGV, 2 do
          if ARGV[k] == fields[j + 1] then first = k + 2 end
        end
      end
    end
  end
end
for k = first, #ARGV, 2 do
  id = redis.call('XADD', KEYS[2], '*', 'c', ARGV[k + 1], 'i', ARGV[k])
end
if ARGV[3] ~= '' then
  redis.call('SET', KEYS[3], id .. '\\n' .. ARGV[3], 'PX', ARGV[2])
  redis.call('XTRIM', KEYS[2], 'MINID', id)
end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[4], ARGV[5], ARGV[4]) end
if ARGV[2] ~= '' then
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  redis.call('PEXPIRE', KEYS[3], ARGV[2])
  redis.call('PEXPIRE', KEYS[5], ARGV[2])
end
return id
"""
"""KEYS owner, log, snap, summaries, epoch; ARGV token, keys ttl ms ('' to leave the expiry as it is;
never with a snapshot), snapshot json or '', summary json
or '', code, '1' when these entries may be in the log already (an earlier send of them went
unanswered) or '', then each entry's id and command json, in the room's order -> the stream id of the
last entry, or nil when the token is not the lease (refused: nothing written). One room's entries of a
group commit, all or none, fenced in the same atomic step. A group sent again may have landed the first
time: when the log's last entry is one of these (a write whose answer was lost, sent again with the
entries made since), only those after it are written, so a group sent twice is logged once. A group's
first send skips that look (it costs Redis a third of the call). The snapshot and summary are the
room's after the last entry, so they are written once a group, not once a command."""

SNAPSHOT = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
local id = '0-0'
if #last > 0 then id = last[1][1] end
redis.call('SET', KEYS[3], id .. '\\n' .. ARGV[2], 'PX', ARGV[4])
if #last > 0 then redis.call('XTRIM', KEYS[2], 'MINID', id) end
if ARGV[3] == 'release' then redis.call('DEL', KEYS[1]) end
return id
"""
"""KEYS owner, log, snap; ARGV token, state json, 'release' or 'keep', keys ttl ms: the state after
every logged command becomes the snapshot (a takeover's compaction, or a handover's last word)."""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""
"""KEYS owner; ARGV token: give a lease up without writing (a takeover that failed midway)."""

CLOSE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[6], KEYS[7])
redis.call('HDEL', KEYS[4], KEYS[5])
return 1
"""
"""KEYS owner, log, snap, summaries, code, epoch, holder; ARGV token: an idle room closes for good,
leaving no key behind."""

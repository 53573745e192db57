"""When a process decides it is cut off from Redis (and lets its rooms go): a silence of 0.8 of a lease
with the latest renewal failing or stuck, never a silence alone (a stalled event loop); and it steps aside
(refuses new connections) only when it found itself cut off alone."""

from server.cluster.ownership.reach import RedisReach

TTL = 1.5


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_renewal_unanswered_for_most_of_a_lease_cuts_off() -> None:
    clock = Clock()
    reach = RedisReach(TTL, clock)
    reach.answered(reach.sending())
    clock.now += 0.5
    reach.sending()  # dropped on the way: never answered
    clock.now += 0.6
    assert not reach.cut_off()  # 1.1 s of silence: the lease granted at 100.0 still has 0.4 s
    clock.now += 0.15
    assert reach.cut_off()
    reach.answered(clock.now)
    assert not reach.cut_off()


def test_a_failed_renewal_cuts_off_once_the_silence_is_long_enough() -> None:
    clock = Clock()
    reach = RedisReach(TTL, clock)
    clock.now += 0.5
    reach.sending()
    reach.failed()
    assert not reach.cut_off()
    clock.now += 0.8
    assert reach.cut_off()


def test_a_stalled_loop_with_no_renewal_out_is_not_cut_off() -> None:
    clock = Clock()
    reach = RedisReach(TTL, clock)
    reach.answered(reach.sending())
    clock.now += 3.0  # the loop stood still; the next renewal has not gone out yet
    assert not reach.cut_off()
    reach.sending()
    assert not reach.cut_off()  # it just went out


def test_only_a_process_cut_off_alone_steps_aside() -> None:
    clock = Clock()
    reach = RedisReach(TTL, clock)
    reach.sending()
    reach.failed()
    clock.now += 1.3
    assert reach.cut_off()
    assert not reach.steps_aside()  # not looked at yet: the Sentinels may see the primary down too
    reach.alone = True
    assert reach.steps_aside()
    reach.answered(clock.now)
    assert not reach.steps_aside()
    assert not reach.alone

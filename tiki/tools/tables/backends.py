"""Where the sweep's classes are built: this process, local processes, or Ray.

A class is one task, :func:`.sweep.build_class` called with the class's index, the
table folder and the same keyword options for every class; each backend yields
``(index, result)`` as the tasks finish. On Ray (a local Ray of ``jobs`` CPUs, or the
cluster at ``address``) a task asks for one CPU and the memory a class needs
(:func:`memory`), so that a node never starts more classes than it can hold; its
worker builds into its own ``top``, and everything the driver writes (the record, the
lines' texts, the certificate's bytes) comes back in the task's result, so the workers
share no disk with the driver (:func:`.sweep.run`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

__all__ = [
    "CERTIFYING_BYTES", "CERTIFYING_GB", "CERTIFY_MINUTES", "TABLE_BYTES", "VERIFY_MINUTES",
    "local", "memory", "on_ray",
]  # fmt: skip

VERIFY_MINUTES = 11
"""The independent verifier's check of a class's table, in CPU-minutes: 663 CPU-seconds
on class 49 (2.4 billion cells), alone on the 2-core machine."""
CERTIFY_MINUTES = 10
"""A class's certificate written, compressed and checked, in minutes: class 161's took
431 s to write and 130 s to check, beside the compression."""
CERTIFYING_GB = 10.5
"""The certificate writer's peak memory, in GB (the table mapped and its set of up to
200 million visited positions)."""

TABLE_BYTES = 3 << 30
"""The memory a Ray task asks for to build, read and verify a class's table (about
1.9 GB resident at most, measured), with room."""
CERTIFYING_BYTES = 12 << 30
"""The memory a Ray task asks for when it also writes the class's certificate (the
writer's 10.5 GB: the table mapped and its set of visited positions), with room."""

Task = Callable[..., Any]


def memory(certificates: bool) -> int:
    """The bytes of memory a class's task asks Ray for: more when it writes a
    certificate."""
    return CERTIFYING_BYTES if certificates else TABLE_BYTES


def local(task: Task, todo: Sequence[int], top: str, options: dict[str, Any], jobs: int,
          progress: Callable[[dict[str, Any]], None] | None = None,
          ) -> Iterator[tuple[int, Any]]:  # fmt: skip
    """``task(i, top, **options)`` for each class ``i`` of ``todo``: in this process,
    in order, with ``progress`` (the builder's) when ``jobs`` is 1; else on ``jobs``
    local processes, as they finish."""
    if jobs == 1:
        for i in todo:
            yield i, task(i, top, progress=progress, **options)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(task, i, top, **options): i for i in todo}
        for future in as_completed(futures):
            yield futures[future], future.result()


def on_ray(task: Task, todo: Sequence[int], top: str, options: dict[str, Any], jobs: int,
           address: str | None, certificates: bool) -> Iterator[tuple[int, Any]]:  # fmt: skip
    """``task(i, top, **options)`` for each class ``i`` of ``todo`` as one Ray task each (a CPU
    and :func:`memory`), on a local Ray of ``jobs`` CPUs or the cluster at ``address``
    (``"auto"``: the one this machine belongs to), as they finish."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, num_cpus=None if address else jobs, log_to_driver=False)
    remote: Any = ray.remote(num_cpus=1, memory=memory(certificates))(task)
    refs = {remote.remote(i, top, **options): i for i in todo}
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        yield refs[ready[0]], ray.get(ready[0])

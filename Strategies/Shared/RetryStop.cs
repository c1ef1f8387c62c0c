namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Its owner's say on whether transient failures are still worth retrying: while stopped, a commit that fails
/// transiently ends at once in <see cref="Contract.CommitRetriesStoppedException"/> instead of being tried again (its
/// outcome known: nothing of it landed). The lab stops retries while a round drains, when no commit can count any more
/// and a retrying strategy would only keep the next contender waiting. Safe from many threads.
/// </summary>
public sealed class RetryStop
{
    private volatile bool _stopped;

    public bool IsStopped => _stopped;

    public void Stop() => _stopped = true;

    public void Resume() => _stopped = false;
}

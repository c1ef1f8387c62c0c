using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>What a contended cell's commands went through: commits that conflicted and the events they wasted, retries, commands given up, and what was committed.</summary>
internal sealed class ContentionTally
{
    private long _conflicts;
    private long _retries;
    private long _givenUp;
    private long _wastedEvents;
    private long _committedCommands;
    private long _committedEvents;

    /// <summary>A commit of <paramref name="events"/> events conflicted: it wrote nothing.</summary>
    public void Conflicted(int events)
    {
        Interlocked.Increment(ref _conflicts);
        Interlocked.Add(ref _wastedEvents, events);
    }

    public void GaveUp() => Interlocked.Increment(ref _givenUp);

    public void Retried(int commands) => Interlocked.Add(ref _retries, commands);

    public void Committed(int commands, long events)
    {
        Interlocked.Add(ref _committedCommands, commands);
        Interlocked.Add(ref _committedEvents, events);
    }

    /// <summary>Forgets everything counted (the qualifying round's, when the race rounds begin).</summary>
    public void Reset() => _conflicts = _retries = _givenUp = _wastedEvents = _committedCommands = _committedEvents = 0;

    /// <param name="aggregateCommitsChecked">Acknowledged aggregate commits the verifier held against the log.</param>
    public ContentionSummary Summary(long aggregateCommitsChecked) =>
        new(_committedCommands, _conflicts, _retries, _givenUp, _wastedEvents, _committedEvents, aggregateCommitsChecked);
}

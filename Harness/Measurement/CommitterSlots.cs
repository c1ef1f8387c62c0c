using EventCommitLab.Harness.Results;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Workload;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// The committers of one case: committer i always commits the same NumberOfEvents events (under a new commit id each
/// time) and, for aggregate commits, advances its own aggregate from the version it is at, so commits never conflict.
/// </summary>
internal sealed class CommitterSlots
{
    private readonly BenchmarkMethod _method;
    private readonly AggregateKey[] _aggregates;
    private readonly UncommittedEvent[][] _events;
    private readonly long[] _versions;

    public CommitterSlots(CellKey cell, int payloadBytes)
    {
        ArgumentNullException.ThrowIfNull(cell);
        _method = cell.Method;
        var sample = new SampleEvents(payloadBytes);
        _aggregates = [.. Enumerable.Range(0, cell.ConcurrentBatches).Select(_ => new AggregateKey($"{Guid.NewGuid():N}", "Order"))];
        _events = [.. _aggregates.Select(a => sample.Create(a.EventSource, cell.NumberOfEvents))];
        _versions = new long[cell.ConcurrentBatches];
    }

    public int Count => _aggregates.Length;

    /// <summary>Committer <paramref name="slot"/>'s next commit.</summary>
    public CommitRequest Next(int slot) => _method == BenchmarkMethod.CommitAggregateEvents
        ? CommitRequest.ForAggregate(_aggregates[slot], Volatile.Read(ref _versions[slot]), _events[slot])
        : CommitRequest.ForEvents(_events[slot]);

    /// <summary>One commit from every committer, as a wave or a group.</summary>
    public CommitRequest[] NextGroup() => [.. Enumerable.Range(0, Count).Select(Next)];

    /// <summary>Moves committer <paramref name="slot"/>'s aggregate on once its commit is acknowledged.</summary>
    public void Acknowledged(int slot, CommitRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (request.NextAggregateVersion is { } version)
        {
            Volatile.Write(ref _versions[slot], version);
        }
    }
}

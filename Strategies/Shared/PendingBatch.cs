using System.Threading.Channels;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// The pipeline's next batch while it forms: commits taken from the queue in order until the next one would take it
/// past its limits or is of an aggregate already in it (it then waits for the next batch, see <see cref="CommitBatch"/>).
/// </summary>
internal sealed class PendingBatch(StoreBatchLimits limits)
{
    private readonly List<PendingCommit> _commits = [];
    private readonly HashSet<AggregateKey> _aggregates = [];
    private long _events;
    private long _bytes;

    public IReadOnlyList<PendingCommit> Commits => _commits;

    /// <summary>True once the next queued commit could not join: the batch takes nothing more.</summary>
    public bool IsClosed { get; private set; }

    /// <summary>Takes queued commits while they fit; returns how many it took. A first commit always fits, however large.</summary>
    public int TakeFrom(ChannelReader<PendingCommit> reader)
    {
        var taken = 0;
        while (!IsClosed && reader.TryPeek(out var next))
        {
            if (_commits.Count > 0 && (_events + next.Request.Events.Count > limits.MaxEvents || _bytes + next.Request.Bytes > limits.MaxBytes || Repeats(next.Request)))
            {
                IsClosed = true;
                break;
            }

            if (!reader.TryRead(out next))
            {
                break;
            }

            _commits.Add(next);
            _events += next.Request.Events.Count;
            _bytes += next.Request.Bytes;
            if (next.Request.Aggregate is { } expectation)
            {
                _aggregates.Add(expectation.Aggregate);
            }

            taken++;
        }

        return taken;
    }

    private bool Repeats(CommitRequest request) => request.Aggregate is { } expectation && _aggregates.Contains(expectation.Aggregate);
}

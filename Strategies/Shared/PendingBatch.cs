using System.Threading.Channels;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// The pipeline's next batch while it forms: commits taken from the queue in order until the next one would take it
/// past its limits or may not share it with an earlier one (it then waits for the next batch, see <see cref="BatchRivals"/>).
/// </summary>
internal sealed class PendingBatch(StoreBatchLimits limits)
{
    private readonly List<PendingCommit> _commits = [];
    private readonly BatchRivals _rivals = new();
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
            if (_commits.Count > 0 && (_events + next.Request.Events.Count > limits.MaxEvents || _bytes + next.Request.Bytes > limits.MaxBytes || _rivals.WhyNotWith(next.Request) is not null))
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
            _rivals.Add(next.Request);

            taken++;
        }

        return taken;
    }
}

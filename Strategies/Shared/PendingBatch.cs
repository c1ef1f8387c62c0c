using System.Threading.Channels;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// The pipeline's next batch while it forms: first the commits the previous batch set aside, then commits taken from the
/// queue in order, until the next one would take it past its limits. A commit that may not share the batch with an
/// earlier one (a second commit of an aggregate that does not continue it, a condition matching an earlier commit's
/// events: see <see cref="BatchRivals"/>) is set aside for the next batch, ahead of what is queued then, and the commits
/// behind it still join: under contention a rival no longer ends the batch at the first repeated aggregate. A commit that
/// continues its aggregate's last commit here joins the batch, a chain the store checks in order, so an owner that hands
/// over its commits without waiting for each answer has them written a batch at a time, not one per batch. It may so go
/// ahead of a rival set aside before it: versions, not the queue's order, decide which of two rivals is written.
/// </summary>
internal sealed class PendingBatch
{
    private readonly StoreBatchLimits _limits;
    private readonly List<PendingCommit> _commits = [];
    private readonly List<PendingCommit> _setAside = [];
    private readonly BatchRivals _rivals = new();
    private long _events;
    private long _bytes;

    /// <param name="setAside">The commits the previous batch set aside, in their order: they come first.</param>
    public PendingBatch(StoreBatchLimits limits, IReadOnlyList<PendingCommit>? setAside = null)
    {
        _limits = limits;
        foreach (var commit in setAside ?? [])
        {
            // Past the limits or a rival again: it stays in line, before anything queued.
            if (IsClosed || !Offer(commit))
            {
                _setAside.Add(commit);
            }
        }
    }

    public IReadOnlyList<PendingCommit> Commits => _commits;

    /// <summary>The commits set aside for the next batch, in order.</summary>
    public IReadOnlyList<PendingCommit> SetAside => _setAside;

    /// <summary>True once the next commit would take the batch past its limits: the batch takes nothing more.</summary>
    public bool IsClosed { get; private set; }

    /// <summary>Takes queued commits while they fit; returns how many it took or set aside. A first commit always fits, however large.</summary>
    public int TakeFrom(ChannelReader<PendingCommit> reader)
    {
        var taken = 0;
        while (!IsClosed && reader.TryPeek(out var next))
        {
            if (Exceeds(next))
            {
                IsClosed = true;
                break;
            }

            if (!reader.TryRead(out next))
            {
                break;
            }

            if (!Offer(next))
            {
                _setAside.Add(next);
            }

            taken++;
        }

        return taken;
    }

    private bool Exceeds(PendingCommit next) =>
        _commits.Count > 0 && (_events + next.Request.Events.Count > _limits.MaxEvents || _bytes + next.Request.Bytes > _limits.MaxBytes);

    /// <summary>Adds the commit when it fits and has no rival here; false when it does not fit (then the batch is closed) or has one.</summary>
    private bool Offer(PendingCommit next)
    {
        if (Exceeds(next))
        {
            IsClosed = true;
            return false;
        }

        if (_commits.Count > 0 && _rivals.WhyNotWith(next.Request) is not null)
        {
            return false;
        }

        _commits.Add(next);
        _events += next.Request.Events.Count;
        _bytes += next.Request.Bytes;
        _rivals.Add(next.Request);
        return true;
    }
}

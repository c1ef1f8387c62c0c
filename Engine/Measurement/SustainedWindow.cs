namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The measured window of a sustained round, in Stopwatch timestamps: a commit counts only when it is acknowledged
/// inside the window, so the ramp before it and the drain after it are never part of the figure. A window that would
/// end before <see cref="MinimumCommits"/> were acknowledged stays open until they are, and ends at the acknowledgement
/// that completes them: a contender whose commits (or groups) take longer than the planned window is measured over
/// enough of them, instead of being read as zero or rounded to whole groups. It never stays open past ten planned
/// windows, so a contender that slow is measured over what it did in that time.
/// Its rate runs from the first acknowledgement inside it to the last: the events acknowledged after the first, over the
/// time between them. A batcher answers a whole batch at once, so counting from the window's edges would add or drop a
/// part of a batch's time at each edge (with a few batches per window, a rate quantised to whole batches).
/// </summary>
internal sealed class SustainedWindow(long start, long plannedEnd, int minimumCommits)
{
    private const int LongestExtension = 10;

    private readonly Lock _lock = new();
    private long _events;
    private long _commits;
    private long? _closedAt;
    private long? _firstAcknowledgement;
    private long _lastAcknowledgement;
    private long _eventsAfterFirst;

    public long Start { get; } = start;

    public long PlannedEnd { get; } = plannedEnd;

    public int MinimumCommits { get; } = minimumCommits;

    public long MaximumEnd { get; } = start + ((plannedEnd - start) * LongestExtension);

    /// <summary>Where the window ended: its planned end, or later when it had to wait for its minimum.</summary>
    public long End
    {
        get
        {
            lock (_lock)
            {
                return _closedAt ?? (_commits >= MinimumCommits ? PlannedEnd : MaximumEnd);
            }
        }
    }

    public long Events
    {
        get
        {
            lock (_lock)
            {
                return _events;
            }
        }
    }

    public long Commits
    {
        get
        {
            lock (_lock)
            {
                return _commits;
            }
        }
    }

    public double Seconds => (End - Start) / (double)System.Diagnostics.Stopwatch.Frequency;

    public double EventsPerSecond
    {
        get
        {
            lock (_lock)
            {
                return _firstAcknowledgement is { } first && _lastAcknowledgement > first && _eventsAfterFirst > 0
                    ? _eventsAfterFirst / ((_lastAcknowledgement - first) / (double)System.Diagnostics.Stopwatch.Frequency)
                    : _events / Seconds;
            }
        }
    }

    /// <summary>Whether a commit started at <paramref name="timestamp"/> may still be acknowledged inside the window.</summary>
    public bool IsOpen(long timestamp)
    {
        lock (_lock)
        {
            return _closedAt is { } closed ? timestamp < closed : timestamp < PlannedEnd || (_commits < MinimumCommits && timestamp < MaximumEnd);
        }
    }

    /// <summary>Counts the commit when <paramref name="acknowledgedAt"/> is inside the window; says whether it did.</summary>
    public bool TryCount(long acknowledgedAt, int commits, int events)
    {
        lock (_lock)
        {
            if (acknowledgedAt < Start || (_closedAt is { } closed && acknowledgedAt >= closed))
            {
                return false;
            }

            if (_closedAt is null && acknowledgedAt >= MaximumEnd)
            {
                _closedAt = _commits >= MinimumCommits ? PlannedEnd : MaximumEnd;
                return false;
            }

            if (_closedAt is null && acknowledgedAt >= PlannedEnd)
            {
                if (_commits >= MinimumCommits)
                {
                    _closedAt = PlannedEnd;
                    return false;
                }

                Count(acknowledgedAt, commits, events);
                if (_commits >= MinimumCommits)
                {
                    _closedAt = acknowledgedAt + 1;
                }

                return true;
            }

            Count(acknowledgedAt, commits, events);
            return true;
        }
    }

    private void Count(long acknowledgedAt, int commits, int events)
    {
        _commits += commits;
        _events += events;
        if (_firstAcknowledgement is null)
        {
            _firstAcknowledgement = acknowledgedAt;
        }
        else
        {
            _eventsAfterFirst += events;
        }

        _lastAcknowledgement = Math.Max(_lastAcknowledgement, acknowledgedAt);
    }
}

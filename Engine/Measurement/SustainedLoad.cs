using System.Diagnostics;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The application's load: every committer commits back to back with no barrier (closed loop), or commits arrive at a
/// fixed rate whatever the store does (open loop, --rate; latency then runs from each commit's intended start, so a
/// stall is not hidden). After an unmeasured ramp, only commits acknowledged inside the window count; committers stop
/// starting commits at the window's end and the ones in flight drain uncounted, with the strategy's retries stopped
/// (<see cref="ContenderCase.StopRetries"/>). The window stays open past its planned
/// end until every committer has been acknowledged five times inside it (three from 100 committers on; a whole-group committer twenty times). A contender handed whole groups is
/// driven by one committer that hands it one commit per committer per call.
/// </summary>
internal static class SustainedLoad
{
    private const int MinimumCalls = 20;

    /// <summary>
    /// Acknowledgements per committer a window waits for at least: a batcher answers every committer once per batch, so
    /// this many batches, and a window of a few batches would measure a rate quantised to whole batches.
    /// </summary>
    private const int MinimumPerCommitter = 5;

    /// <summary>
    /// From this many committers on, a window waits for <see cref="MinimumPerCommitterWhenMany"/> acknowledgements of each:
    /// there the wait for five of every committer's was most of each turn's time (the details page's turns, at 100
    /// committers of 100 events), and a batch of theirs is large enough that three of them still span two batch intervals.
    /// </summary>
    private const int ManyCommitters = 100;

    private const int MinimumPerCommitterWhenMany = 3;

    public static async Task<RoundSample> RunAsync(ContenderCase target, TimeSpan ramp, TimeSpan window, double? rateEventsPerSecond, bool measured)
    {
        ArgumentNullException.ThrowIfNull(target);
        var groups = target.Contender.TakesWholeGroups;
        var committers = groups ? 1 : target.Slots.Count;
        var eventsPerCall = (groups ? target.Slots.Count : 1) * target.Cell.NumberOfEvents;
        var started = Stopwatch.GetTimestamp();
        // Enough acknowledgements for a figure: every committer's at least five times (three from 100 committers), and twenty calls of a whole-group one.
        var measuredWindow = new SustainedWindow(
            started + ToTicks(ramp), started + ToTicks(ramp + window), measured ? (groups ? MinimumCalls * target.Slots.Count : Math.Max(committers * (committers >= ManyCommitters ? MinimumPerCommitterWhenMany : MinimumPerCommitter), MinimumCalls)) : 0);
        var arrivalTicks = rateEventsPerSecond is { } rate ? eventsPerCall / rate * Stopwatch.Frequency : (double?)null;
        long arrivals = 0;

        async Task CommitterAsync(int slot)
        {
            while (true)
            {
                long intendedStart;
                if (arrivalTicks is { } every)
                {
                    var arrival = Interlocked.Increment(ref arrivals) - 1;
                    intendedStart = started + (long)(arrival * every);
                    if (!measuredWindow.IsOpen(intendedStart))
                    {
                        target.StopRetries();
                        return;
                    }

                    var wait = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), intendedStart);
                    if (wait > TimeSpan.Zero)
                    {
                        await Task.Delay(wait, target.Token).ConfigureAwait(false);
                    }
                }
                else
                {
                    intendedStart = Stopwatch.GetTimestamp();
                    if (!measuredWindow.IsOpen(intendedStart))
                    {
                        target.StopRetries();
                        return;
                    }
                }

                CommitterCommand[] commands = groups ? target.Slots.NextGroup(measured) : [target.Slots.Next(slot, measured)];
                var (committed, committedEvents) = await target.RunCommandsAsync(commands, measured).ConfigureAwait(false);
                var acknowledged = Stopwatch.GetTimestamp();
                if (measured && committed > 0 && measuredWindow.TryCount(acknowledged, committed, (int)committedEvents))
                {
                    // From the intended start: a contended command's latency includes its conflicts and retries.
                    (groups ? target.GroupLatency : target.CommitLatency).Record(intendedStart, acknowledged);
                }
            }
        }

        try
        {
            await Task.WhenAll(Enumerable.Range(0, committers).Select(slot => Task.Run(() => CommitterAsync(slot)))).ConfigureAwait(false);
        }
        finally
        {
            target.ResumeRetries();
        }

        var drained = Math.Max(0, (Stopwatch.GetTimestamp() - measuredWindow.End) / (double)Stopwatch.Frequency);
        return new RoundSample(measuredWindow.EventsPerSecond, measuredWindow.Events, measuredWindow.Commits, drained);
    }

    private static long ToTicks(TimeSpan time) => (long)(time.TotalSeconds * Stopwatch.Frequency);
}

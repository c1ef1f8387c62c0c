using System.Diagnostics;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The seed's load: a wave is one commit from every committer, started together; the next wave starts after the last
/// commit of this one. A round runs whole waves until its window is full (at least one).
/// </summary>
internal static class WaveLoad
{
    public static async Task<RoundSample> RunAsync(ContenderCase target, TimeSpan window, bool measured)
    {
        ArgumentNullException.ThrowIfNull(target);
        var started = Stopwatch.GetTimestamp();
        long events = 0, commits = 0;
        do
        {
            var wave = target.Slots.NextGroup(measured);
            var waveStarted = Stopwatch.GetTimestamp();
            if (target.Contender.TakesWholeGroups)
            {
                var (committed, committedEvents) = await target.RunCommandsAsync(wave, measured).ConfigureAwait(false);
                if (measured)
                {
                    target.GroupLatency.Record(waveStarted, Stopwatch.GetTimestamp());
                }

                events += committedEvents;
                commits += committed;
            }
            else
            {
                var done = await Task.WhenAll(wave.Select(async command =>
                {
                    var commitStarted = Stopwatch.GetTimestamp();
                    var (committed, committedEvents) = await target.RunCommandsAsync([command], measured).ConfigureAwait(false);
                    if (measured && committed > 0)
                    {
                        // From the command's start: a contended command's latency includes its conflicts and retries.
                        target.CommitLatency.Record(commitStarted, Stopwatch.GetTimestamp());
                    }

                    return (committed, committedEvents);
                })).ConfigureAwait(false);
                events += done.Sum(d => d.committedEvents);
                commits += done.Sum(d => d.committed);
            }
        }
        while (Stopwatch.GetElapsedTime(started) < window);

        return new RoundSample(events / Stopwatch.GetElapsedTime(started).TotalSeconds, events, commits);
    }
}

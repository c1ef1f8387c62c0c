using System.Diagnostics;
using EventCommitLab.Strategies.Contract;

namespace EventCommitLab.Harness.Measurement;

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
            IReadOnlyList<CommitOutcome> outcomes;
            if (target.Contender.TakesWholeGroups)
            {
                outcomes = await target.Contender.CommitAsync(wave, target.Token).ConfigureAwait(false);
                Acknowledge(target, outcomes);
                if (measured)
                {
                    target.GroupLatency.Record(waveStarted, Stopwatch.GetTimestamp());
                }
            }
            else
            {
                outcomes = await Task.WhenAll(wave.Select(async request =>
                {
                    var commitStarted = Stopwatch.GetTimestamp();
                    var answered = await target.Contender.CommitAsync([request], target.Token).ConfigureAwait(false);
                    Acknowledge(target, answered);
                    var outcome = answered[0];
                    if (measured && outcome.Failure is null)
                    {
                        target.CommitLatency.Record(commitStarted, Stopwatch.GetTimestamp());
                    }

                    return outcome;
                })).ConfigureAwait(false);
            }

            target.Complete(outcomes, firstSlot: 0);
            events += wave.Sum(r => r.Events.Count);
            commits += wave.Length;
        }
        while (Stopwatch.GetElapsedTime(started) < window);

        return new RoundSample(events / Stopwatch.GetElapsedTime(started).TotalSeconds, events, commits);
    }

    /// <summary>Tells the readers, if any follow this round, when these commits' callers heard they were written.</summary>
    private static void Acknowledge(ContenderCase target, IReadOnlyList<CommitOutcome> outcomes)
    {
        var now = Stopwatch.GetTimestamp();
        foreach (var reader in target.Readers)
        {
            reader.Acknowledged(outcomes, now);
        }
    }
}

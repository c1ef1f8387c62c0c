using System.Globalization;

namespace EventCommitLab.Harness.Processes;

/// <summary>
/// The parent's side: starts measuring writer processes on one log, all commanding the same aggregates over the same
/// seconds, and adds up what they counted.
/// </summary>
internal static class MeasuringWriters
{
    /// <summary>The most time a process may take to start, jit and open its store before it says it is ready.</summary>
    private static readonly TimeSpan StartUp = TimeSpan.FromMinutes(1);

    /// <summary>From the last process's ready to the agreed moment: time for every process to read it before it comes.</summary>
    private static readonly TimeSpan Notice = TimeSpan.FromMilliseconds(250);

    /// <summary>
    /// Runs <paramref name="processes"/> writers of <paramref name="committersEach"/> committers each for one ramp and
    /// window, making <paramref name="workload"/>'s commits (its aggregates named <paramref name="aggregatesName"/> in
    /// every process). The ramp starts at one moment for all, agreed once every process is ready, so that however long a
    /// loaded machine takes to start a process, none of them is measured starting.
    /// </summary>
    /// <exception cref="InvalidOperationException">A process failed or printed no tally; its error output says why.</exception>
    public static async Task<WriterTally> RunAsync(
        string store, string address, string strategy, int processes, int committersEach, ProcessesWorkload workload, string aggregatesName,
        int conflictRetries, TimeSpan ramp, TimeSpan window, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(workload);
        string[] arguments =
        [
            MeasuringChild.Verb, store, address, strategy, Text(committersEach), workload.Method.ToString(), Text(workload.EventsPerCommit), Text(workload.Aggregates),
            aggregatesName, workload.Commands.ToString(), Text(conflictRetries), Text((int)ramp.TotalMilliseconds), Text((int)window.TotalMilliseconds),
        ];
        var writers = new List<MeasuringProcess>(processes);
        try
        {
            for (var i = 0; i < processes; i++)
            {
                writers.Add(MeasuringProcess.Start(arguments));
            }

            using (var startUp = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken))
            {
                startUp.CancelAfter(StartUp);
                try
                {
                    await Task.WhenAll(writers.Select(w => w.WaitUntilReadyAsync(startUp.Token))).ConfigureAwait(false);
                }
                catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
                {
                    throw new InvalidOperationException($"A measuring writer process was not ready within {StartUp.TotalSeconds:0} s.");
                }
            }

            var moment = DateTimeOffset.UtcNow + Notice;
            foreach (var writer in writers)
            {
                await writer.StartAtAsync(moment).ConfigureAwait(false);
            }

            var limit = Notice + ramp + window + TimeSpan.FromMinutes(1);
            return WriterTally.Sum(await Task.WhenAll(writers.Select(w => w.TallyAsync(limit, cancellationToken))).ConfigureAwait(false));
        }
        finally
        {
            foreach (var writer in writers)
            {
                writer.Dispose();
            }
        }
    }

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);
}

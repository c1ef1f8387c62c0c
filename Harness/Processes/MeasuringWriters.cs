using System.Diagnostics;
using System.Globalization;
using System.Text.Json;

namespace EventCommitLab.Harness.Processes;

/// <summary>
/// The parent's side: starts measuring writer processes on one log, all commanding the same aggregates over the same
/// seconds, and adds up what they counted.
/// </summary>
internal static class MeasuringWriters
{
    /// <summary>Time for every process to start, jit and connect before the agreed moment.</summary>
    private static readonly TimeSpan StartUp = TimeSpan.FromSeconds(4);

    /// <summary>
    /// Runs <paramref name="processes"/> writers of <paramref name="committersEach"/> committers each for one ramp and
    /// window, making <paramref name="workload"/>'s commits (its aggregates named <paramref name="aggregatesName"/> in
    /// every process).
    /// </summary>
    /// <exception cref="InvalidOperationException">A process failed or printed no tally; its error output says why.</exception>
    public static async Task<WriterTally> RunAsync(
        string store, string address, string strategy, int processes, int committersEach, ProcessesWorkload workload, string aggregatesName,
        int conflictRetries, TimeSpan ramp, TimeSpan window, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(workload);
        var startAt = (DateTimeOffset.UtcNow + StartUp).ToUnixTimeMilliseconds();
        string[] arguments =
        [
            MeasuringChild.Verb, store, address, strategy, Text(committersEach), workload.Method.ToString(), Text(workload.EventsPerCommit), Text(workload.Aggregates),
            aggregatesName, workload.Commands.ToString(), Text(conflictRetries),
            startAt.ToString(CultureInfo.InvariantCulture), Text((int)ramp.TotalMilliseconds), Text((int)window.TotalMilliseconds),
        ];
        var running = Enumerable.Range(0, processes).Select(_ => RunOneAsync(arguments, StartUp + ramp + window + TimeSpan.FromMinutes(1), cancellationToken)).ToArray();
        return WriterTally.Sum(await Task.WhenAll(running).ConfigureAwait(false));
    }

    private static async Task<WriterTally> RunOneAsync(string[] arguments, TimeSpan limit, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo(Path.Combine(AppContext.BaseDirectory, "EventCommitLab.Harness"))
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException("A measuring writer process did not start.");
        var output = process.StandardOutput.ReadToEndAsync(cancellationToken);
        var errors = process.StandardError.ReadToEndAsync(cancellationToken);
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(limit);
        try
        {
            await process.WaitForExitAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw cancellationToken.IsCancellationRequested
                ? new OperationCanceledException(cancellationToken)
                : new InvalidOperationException($"A measuring writer process did not end within {limit.TotalSeconds:0} s.");
        }

        var last = (await output.ConfigureAwait(false)).Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).LastOrDefault();
        return process.ExitCode == 0 && last is not null && JsonSerializer.Deserialize<WriterTally>(last) is { } tally
            ? tally
            : throw new InvalidOperationException($"A measuring writer process exited with {process.ExitCode}: {(await errors.ConfigureAwait(false)).Split('\n')[0].Trim()}");
    }

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);
}

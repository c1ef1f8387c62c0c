using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.SuitePorts.Floor;

namespace EventCommitLab.Harness.Floor;

/// <summary>
/// The ESENT measurement's phases on a store's key-value floor: sequential single-row inserts one per commit, point
/// reads of one row, random seeks by key, full scans. Each phase is timed in slices, whose rates give the median and
/// its interval; every operation is timed on its own for the latency.
/// </summary>
internal static class FloorPhases
{
    // A 32-byte value, the same for every row: what is measured is the engine's path, not the contents.
    private static readonly ReadOnlyMemory<byte> Value = Enumerable.Range(0, 32).Select(b => (byte)b).ToArray();

    public static Task<FloorPhaseResult> InsertAsync(IKeyValueFloor floor, string phase, string description, TextWriter progress, long rows, CancellationToken cancellationToken) =>
        TimeAsync(phase, description, progress, rows, async (i, ct) =>
        {
            await floor.InsertAsync(i, Value, ct).ConfigureAwait(false);
            return 1;
        }, cancellationToken);

    /// <summary>Reads the given keys in order; every one must exist.</summary>
    public static Task<FloorPhaseResult> ReadAsync(IKeyValueFloor floor, string phase, string description, TextWriter progress, Func<long, long> keyOf, long reads, CancellationToken cancellationToken) =>
        TimeAsync(phase, description, progress, reads, async (i, ct) =>
        {
            var key = keyOf(i);
            return await floor.ReadAsync(key, ct).ConfigureAwait(false) == Value.Length
                ? 1
                : throw new InvalidOperationException($"floor: the row with key {key} was not found or changed; the floor's table is not what was inserted.");
        }, cancellationToken);

    public static Task<FloorPhaseResult> ScanAsync(IKeyValueFloor floor, string phase, string description, TextWriter progress, long expectedRows, int scans, CancellationToken cancellationToken) =>
        TimeAsync(phase, description, progress, scans, async (_, ct) =>
        {
            var rows = await floor.ScanAsync(ct).ConfigureAwait(false);
            return rows == expectedRows ? rows : throw new InvalidOperationException($"floor: a full scan read {rows} rows; {expectedRows} were inserted.");
        }, cancellationToken, timeEach: false);

    private static async Task<FloorPhaseResult> TimeAsync(
        string phase, string description, TextWriter progress, long operations, Func<long, CancellationToken, Task<long>> operation, CancellationToken cancellationToken, bool timeEach = true)
    {
        var slices = (int)Math.Min(FloorSuiteSettings.Slices, operations);
        var latency = new LatencyHistogram();
        var rates = new List<double>(slices);
        long rows = 0;
        var phaseStarted = Stopwatch.GetTimestamp();
        for (var slice = 0; slice < slices; slice++)
        {
            var from = operations * slice / slices;
            var to = operations * (slice + 1) / slices;
            long sliceRows = 0;
            var sliceStarted = Stopwatch.GetTimestamp();
            for (var i = from; i < to; i++)
            {
                cancellationToken.ThrowIfCancellationRequested();
                var started = Stopwatch.GetTimestamp();
                sliceRows += await operation(i, cancellationToken).ConfigureAwait(false);
                if (timeEach)
                {
                    latency.Record(started, Stopwatch.GetTimestamp());
                }
            }

            rates.Add(sliceRows / Stopwatch.GetElapsedTime(sliceStarted).TotalSeconds);
            rows += sliceRows;
            progress.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"      {phase}: slice {slice + 1}/{slices}, {rates[^1]:N0} rows/s, {Stopwatch.GetElapsedTime(phaseStarted).TotalSeconds:0} s"));
        }

        return new FloorPhaseResult(phase, description, operations, rows, Stopwatch.GetElapsedTime(phaseStarted), RoundStatistics.Median(rates), timeEach ? latency.Summary() : null);
    }
}

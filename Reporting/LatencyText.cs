using System.Globalization;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>Latency percentiles as every table shows them: p50 / p95 / p99 in ms ("-" for a p95 a run did not record).</summary>
internal static class LatencyText
{
    public const string Header = "p50 / p95 / p99";

    public static string Of(LatencySummary? latency) => latency is null
        ? "-"
        : $"{Ms(latency.P50Ms)} / {(latency.P95Ms is { } p95 ? Ms(p95) : "-")} / {Ms(latency.P99Ms)}";

    /// <summary>Milliseconds to three significant digits at most (120.96 ms is not measured to a hundredth).</summary>
    public static string Ms(double ms) => ms.ToString(Math.Abs(ms) >= 100 ? "0" : Math.Abs(ms) >= 10 ? "0.#" : "0.##", CultureInfo.InvariantCulture);
}

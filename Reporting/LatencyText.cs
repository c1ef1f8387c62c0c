using System.Globalization;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>Latency percentiles as every table shows them: p50 / p95 / p99 in ms ("-" for a p95 a run did not record).</summary>
internal static class LatencyText
{
    public const string Header = "p50 / p95 / p99";

    public static string Of(LatencySummary? latency) => latency is null
        ? "-"
        : string.Create(CultureInfo.InvariantCulture, $"{latency.P50Ms:0.##} / {(latency.P95Ms is { } p95 ? p95.ToString("0.##", CultureInfo.InvariantCulture) : "-")} / {latency.P99Ms:0.##}");
}

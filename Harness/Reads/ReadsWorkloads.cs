using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Contract.Model;
using EventCommitLab.Dcb;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Harness.Reads;

/// <summary>
/// The reads suite's workloads on its two logs, each measured as a closed loop of clients: Query and Project checked
/// against what the log holds (a wrong answer is kept in <see cref="Wrong"/>), following readers (throttled or not),
/// appends, and reads and appends beside each other.
/// </summary>
internal sealed class ReadsWorkloads(ReadsSuiteSettings settings, IDcbLog queryLog, IDcbLog projectLog, DatasetCounts counts, long filled, GroupCommitAppender appender)
{
    private long _writes;

    public GroupCommitAppender Appender { get; } = appender;

    public ConcurrentQueue<string> Wrong { get; } = new();

    public long WritesAcknowledged => Interlocked.Read(ref _writes);

    public async Task<(ClosedLoopWindow Window, double? Background)> MeasureAsync(
        ReadsWorkload workload, int clients, LatencyHistogram latencies, FastestReader fastest, CancellationToken cancellationToken)
    {
        switch (workload)
        {
            case ReadsWorkload.Query:
                return (await ClosedLoop.ForAsync(clients, settings.Window, _ => QueryAsync(cancellationToken), latencies).ConfigureAwait(false), null);
            case ReadsWorkload.Project:
                // A projection reads the whole dataset: a fixed number per round, not a window that would end mid-way.
                return (await ClosedLoop.CountAsync(clients, Math.Max(1, 4 / clients), _ => ProjectAsync(cancellationToken), latencies).ConfigureAwait(false), null);
            case ReadsWorkload.Read:
            case ReadsWorkload.ReadThrottled:
                var throttle = workload == ReadsWorkload.ReadThrottled ? new ReadThrottle(settings.ThrottledRate) : null;
                return (await ClosedLoop.CountAsync(clients, 1, _ => FollowAsync(throttle, fastest, cancellationToken), latencies).ConfigureAwait(false), null);
            case ReadsWorkload.ReadWhileWriting:
                {
                    var done = false;
                    var writers = ClosedLoop.UntilAsync(settings.Background, () => Volatile.Read(ref done), client => AppendAsync(client, cancellationToken));
                    ClosedLoopWindow readers;
                    try
                    {
                        readers = await ClosedLoop.CountAsync(clients, 1, _ => FollowAsync(null, fastest, cancellationToken), latencies).ConfigureAwait(false);
                    }
                    finally
                    {
                        Volatile.Write(ref done, true);
                    }

                    return (readers, (await writers.ConfigureAwait(false)).OperationsPerSecond);
                }

            case ReadsWorkload.Append:
                return (await ClosedLoop.ForAsync(clients, settings.Window, client => AppendAsync(client, cancellationToken), latencies).ConfigureAwait(false), null);
            default:
                {
                    var done = false;
                    var readers = ClosedLoop.UntilAsync(settings.Background, () => Volatile.Read(ref done), _ => FollowAsync(null, null, cancellationToken));
                    ClosedLoopWindow appends;
                    try
                    {
                        appends = await ClosedLoop.ForAsync(clients, settings.Window, client => AppendAsync(client, cancellationToken), latencies).ConfigureAwait(false);
                    }
                    finally
                    {
                        Volatile.Write(ref done, true);
                    }

                    return (appends, (await readers.ConfigureAwait(false)).UnitsPerSecond);
                }
        }
    }

    private async Task<long> QueryAsync(CancellationToken cancellationToken)
    {
        var tag = Random.Shared.Next(settings.Tags);
        var events = await queryLog.ReadAsync(DcbQuery.Of([], string.Create(CultureInfo.InvariantCulture, $"tag:{tag}")), 0, settings.EventsPerTag + 1, cancellationToken).ConfigureAwait(false);
        if (!events.Select(e => e.Position).SequenceEqual(Enumerable.Range(0, settings.EventsPerTag).Select(j => tag + 1 + ((long)j * settings.Tags))))
        {
            Wrong.Enqueue(string.Create(CultureInfo.InvariantCulture, $"Query tag:{tag} returned {events.Count} events, not exactly its {settings.EventsPerTag}"));
        }

        return events.Count;
    }

    private async Task<long> ProjectAsync(CancellationToken cancellationToken)
    {
        var projected = await CourseEnrollmentProjection.ProjectAsync(projectLog, cancellationToken).ConfigureAwait(false);
        if (projected != counts)
        {
            Wrong.Enqueue($"Project counted {projected}, the dataset holds {counts}");
        }

        return projected.Events;
    }

    /// <summary>Reads <see cref="ReadsSuiteSettings.ReaderEvents"/> events page by page from a random place in the filled log.</summary>
    private async Task<long> FollowAsync(ReadThrottle? throttle, FastestReader? fastest, CancellationToken cancellationToken)
    {
        var after = Random.Shared.NextInt64(0, Math.Max(1, filled - settings.ReaderEvents));
        var started = Stopwatch.GetTimestamp();
        long read = 0;
        while (read < settings.ReaderEvents)
        {
            var page = (int)Math.Min(settings.PageSize, settings.ReaderEvents - read);
            // Timers count whole milliseconds and drop the fraction: waited in whole milliseconds rounded up, and
            // asked again, the reader is never let through early.
            while (throttle?.WaitBefore(read, page, Stopwatch.GetElapsedTime(started)) is { } wait && wait > TimeSpan.Zero)
            {
                await Task.Delay(TimeSpan.FromMilliseconds(Math.Ceiling(wait.TotalMilliseconds)), cancellationToken).ConfigureAwait(false);
            }

            var events = await queryLog.ReadAsync(null, after, page, cancellationToken).ConfigureAwait(false);
            if (events.Count == 0)
            {
                break;
            }

            read += events.Count;
            after = events[^1].Position;
        }

        fastest?.Saw(read / Stopwatch.GetElapsedTime(started).TotalSeconds);
        return read;
    }

    private async Task<long> AppendAsync(int client, CancellationToken cancellationToken)
    {
        var result = await Appender.AppendAsync(
            DcbAppend.Unconditional(new DcbEvent(ReadsSuite.WrittenType, [string.Create(CultureInfo.InvariantCulture, $"writer:{client}")], "{\"by\":\"reads suite\"}")),
            cancellationToken).ConfigureAwait(false);
        Interlocked.Increment(ref _writes);
        return result.Positions.Count;
    }
}

using System.Globalization;
using EventCommitLab.Contract.Model;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>
/// The appends of the dcb suite on one log: operation k enrolls a fresh student <c>wk</c> in one or more courses, and
/// its events are a function of k alone, so that the verifier can rebuild what each acknowledged append wrote.
/// </summary>
public sealed class DcbOperations(int courses)
{
    private static readonly DateTimeOffset Epoch = new(2026, 11, 1, 0, 0, 0, TimeSpan.Zero);
    private long _next;

    public static string FreshStudent(long operation) => string.Create(CultureInfo.InvariantCulture, $"w{operation}");

    /// <summary>The course tag the conflicting events of a workload with <paramref name="events"/> conflicts carry.</summary>
    public static string ConflictTag(int events) => string.Create(CultureInfo.InvariantCulture, $"course:conflict-{events}");

    /// <summary>The prefill, events loaded before the workloads: for each n, n enrollments tagged <see cref="ConflictTag"/>(n).</summary>
    public static IReadOnlyList<DcbEvent> ConflictPrefill(IEnumerable<int> counts) =>
        [.. counts.SelectMany(n => Enumerable.Range(0, n).Select(i => new DcbEvent(
            CourseEnrollmentDataset.EnrollmentCompleted, [ConflictTag(n), CourseEnrollmentDataset.StudentTag(string.Create(CultureInfo.InvariantCulture, $"prefill-{n}-{i}"))], "{\"prefill\":true}")))];

    /// <summary>The next operation's number and append.</summary>
    public (long Operation, DcbAppend Append) Next(DcbWorkload workload, int events)
    {
        ArgumentNullException.ThrowIfNull(workload);
        var operation = Interlocked.Increment(ref _next);
        var written = EventsOf(operation, events);
        var student = CourseEnrollmentDataset.StudentTag(FreshStudent(operation));
        AppendCondition? condition = workload switch
        {
            { Conditional: false } => null,
            { ConflictingEvents: { } n } => new AppendCondition(DcbQuery.Of([CourseEnrollmentDataset.EnrollmentCompleted], ConflictTag(n)), null),
            // "Not enrolled yet": no enrollment of this student anywhere in the log.
            _ => new AppendCondition(DcbQuery.Of([CourseEnrollmentDataset.EnrollmentCompleted], student), null),
        };
        return (operation, new DcbAppend(written, condition));
    }

    /// <summary>What operation <paramref name="operation"/> appends: <paramref name="events"/> enrollments of its fresh student.</summary>
    public IReadOnlyList<DcbEvent> EventsOf(long operation, int events) =>
        [.. Enumerable.Range(0, events).Select(k => CourseEnrollmentDataset.Enrollment(
            (int)((operation * 7 + k) % courses), FreshStudent(operation), Epoch.AddSeconds(operation)))];
}

using EventCommitLab.Contract.Model;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Tests.Dcb;

/// <summary>A batch of conditional appends decided in order, against the log's verdicts and its own earlier appends.</summary>
public sealed class ConditionalAppendTests
{
    /// <summary>"Enroll the student in this course if it is enrolled nowhere yet (after what I read)."</summary>
    private static DcbAppend FirstEnrollment(string student, int course, long? readUpTo) =>
        new([CourseEnrollmentDataset.Enrollment(course, student, DcbEnrollments.At)], new AppendCondition(DcbEnrollments.EnrollmentsOf(student), readUpTo));

    [Fact]
    public void a_batch_decides_in_order_against_the_logs_verdicts_and_its_own_earlier_appends()
    {
        DcbAppend[] batch = [FirstEnrollment("a", 1, 0), FirstEnrollment("a", 2, 0), DcbAppend.Unconditional(CourseEnrollmentDataset.Enrollment(1, "b", DcbEnrollments.At)), FirstEnrollment("b", 3, 0)];

        Assert.Equal([true, false, true, false], DcbBatchConditions.Decide(batch, new HashSet<int>()));
        // The log breaks the first: the second is then free, and an unconditional append is written whatever the log says.
        Assert.Equal([false, true, true, false], DcbBatchConditions.Decide(batch, new HashSet<int> { 0, 2 }));
    }
}

using EventCommitLab.Harness.DcbAppends;

namespace EventCommitLab.Tests.Harness.DcbAppends;

/// <summary>The dataset generator: go-crablet's sizes, counts that add up, the same events from the same seed.</summary>
public sealed class CourseEnrollmentDatasetTests
{
    public static TheoryData<string> Sizes => [.. CourseEnrollmentSize.All.Select(s => s.Name)];

    [Theory]
    [MemberData(nameof(Sizes))]
    public void each_size_offers_its_courses_registers_its_students_and_enrolls_each_student_in_one_to_five_distinct_courses(string name)
    {
        var size = CourseEnrollmentSize.Parse(name);

        var (events, counts) = CourseEnrollmentDataset.Generate(size);

        Assert.Equal((size.Courses, size.Students), ((int)counts.Courses, (int)counts.Students));
        Assert.Equal(counts.Events, events.Count);
        Assert.Equal(size.Courses, events.Count(e => e.Type == CourseEnrollmentDataset.CourseOffered));
        Assert.Equal(size.Students, events.Count(e => e.Type == CourseEnrollmentDataset.StudentRegistered));
        var enrollments = events.Where(e => e.Type == CourseEnrollmentDataset.EnrollmentCompleted).ToArray();
        Assert.Equal(counts.Enrollments, enrollments.Length);
        var perStudent = enrollments.GroupBy(e => e.Tags[1]).ToArray();
        Assert.Equal(size.Students, perStudent.Length);
        Assert.All(perStudent, g => Assert.InRange(g.Count(), 1, 5));
        Assert.All(perStudent, g => Assert.Equal(g.Count(), g.Select(e => e.Tags[0]).Distinct().Count()));
        var courses = events.Where(e => e.Type == CourseEnrollmentDataset.CourseOffered).Select(e => e.Tags[0]).ToHashSet();
        Assert.All(enrollments, e => Assert.Contains(e.Tags[0], courses));
        Assert.All(events, e => System.Text.Json.JsonDocument.Parse(e.Payload).Dispose());
    }

    [Fact]
    public void the_same_seed_gives_the_same_events_and_another_seed_other_ones()
    {
        static string Fingerprint(int seed) => string.Join("\n", CourseEnrollmentDataset.Generate(CourseEnrollmentSize.Small, seed).Events.Select(e => $"{e.Type}|{string.Join(",", e.Tags)}|{e.Payload}"));

        Assert.Equal(Fingerprint(7), Fingerprint(7));
        Assert.NotEqual(Fingerprint(7), Fingerprint(8));
    }

    [Fact]
    public void tiny_small_and_medium_are_go_crablets_sizes()
    {
        Assert.Equal([(5, 10), (500, 5_000), (1_000, 10_000)], CourseEnrollmentSize.All.Select(s => (s.Courses, s.Students)));
        var error = Assert.Throws<ArgumentException>(() => CourseEnrollmentSize.Parse("huge"));
        Assert.Equal("--sizes: 'huge' is not a dataset size; valid: tiny, small, medium.", error.Message);
    }
}

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>A size of the course-enrollment dataset, as go-crablet's benchmarks name them.</summary>
public sealed record CourseEnrollmentSize(string Name, int Courses, int Students)
{
    public static CourseEnrollmentSize Tiny { get; } = new("Tiny", 5, 10);

    public static CourseEnrollmentSize Small { get; } = new("Small", 500, 5_000);

    public static CourseEnrollmentSize Medium { get; } = new("Medium", 1_000, 10_000);

    public static IReadOnlyList<CourseEnrollmentSize> All { get; } = [Tiny, Small, Medium];

    /// <exception cref="ArgumentException">No size has that name; the message lists those that do.</exception>
    public static CourseEnrollmentSize Parse(string name) =>
        All.FirstOrDefault(s => string.Equals(s.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"--sizes: '{name}' is not a dataset size; valid: {string.Join(", ", All.Select(s => s.Name.ToLowerInvariant()))}.");
}

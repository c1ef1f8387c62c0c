using System.Text.Json;
using EventCommitLab.Contract.Model;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>
/// The course-enrollment dataset: every course offered, every student registered, then each student enrolled in one to
/// five distinct courses, with realistic JSON payloads and the tags <c>course:ID</c> and <c>student:ID</c>. The same seed
/// gives the same events, in the same order, on every run.
/// </summary>
public static class CourseEnrollmentDataset
{
    public const string CourseOffered = "CourseOffered";
    public const string StudentRegistered = "StudentRegistered";
    public const string EnrollmentCompleted = "EnrollmentCompleted";
    public const int DefaultRandomSeed = 20_260_423;

    private static readonly string[] Subjects = ["Algebra", "Databases", "Distributed Systems", "Compilers", "Statistics", "Operating Systems", "Networks", "Ethics"];
    private static readonly string[] FirstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Leslie", "Margaret", "Niklaus"];
    private static readonly string[] LastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Lamport", "Hamilton", "Wirth"];
    private static readonly DateTimeOffset TermStart = new(2026, 9, 1, 8, 0, 0, TimeSpan.Zero);

    public static string CourseTag(int course) => $"course:{course}";

    public static string StudentTag(string student) => $"student:{student}";

    /// <summary>The events of <paramref name="size"/> from <paramref name="seed"/>, and what they hold.</summary>
    public static (IReadOnlyList<DcbEvent> Events, DatasetCounts Counts) Generate(CourseEnrollmentSize size, int seed = DefaultRandomSeed)
    {
        ArgumentNullException.ThrowIfNull(size);
        var random = new Random(seed);
        var events = new List<DcbEvent>(size.Courses + (size.Students * 4));
        for (var course = 0; course < size.Courses; course++)
        {
            events.Add(new DcbEvent(CourseOffered, [CourseTag(course)], JsonSerializer.Serialize(new
            {
                courseId = course,
                title = $"{Subjects[random.Next(Subjects.Length)]} {100 + random.Next(400)}",
                capacity = 20 + random.Next(180),
                term = "2026-autumn",
            })));
        }

        for (var student = 0; student < size.Students; student++)
        {
            var first = FirstNames[random.Next(FirstNames.Length)];
            var last = LastNames[random.Next(LastNames.Length)];
            events.Add(new DcbEvent(StudentRegistered, [StudentTag(student.ToString(System.Globalization.CultureInfo.InvariantCulture))], JsonSerializer.Serialize(new
            {
                studentId = student,
                name = $"{first} {last}",
                email = $"{first.ToLowerInvariant()}.{last.ToLowerInvariant()}.{student}@example.edu",
                registeredAt = TermStart.AddMinutes(random.Next(60 * 24 * 30)),
            })));
        }

        var enrollments = 0;
        for (var student = 0; student < size.Students; student++)
        {
            var chosen = new HashSet<int>();
            var wanted = 1 + random.Next(Math.Min(5, size.Courses));
            while (chosen.Count < wanted)
            {
                chosen.Add(random.Next(size.Courses));
            }

            foreach (var course in chosen.Order())
            {
                events.Add(Enrollment(course, student.ToString(System.Globalization.CultureInfo.InvariantCulture), TermStart.AddDays(7).AddMinutes(random.Next(60 * 24 * 14))));
                enrollments++;
            }
        }

        return (events, new DatasetCounts(size.Courses, size.Students, enrollments));
    }

    /// <summary>A student's enrollment in a course, as the dataset and the appends of the dcb suite write it.</summary>
    public static DcbEvent Enrollment(int course, string student, DateTimeOffset at) =>
        new(EnrollmentCompleted, [CourseTag(course), StudentTag(student)], JsonSerializer.Serialize(new { courseId = course, studentId = student, enrolledAt = at }));
}

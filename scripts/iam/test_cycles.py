import unittest

from cycles import dependencies, find_cycle, references


class CyclesTest(unittest.TestCase):
    def test_references_of_ref_getatt_and_sub(self):
        value = {"A": {"Ref": "One"}, "B": [{"Fn::GetAtt": ["Two", "Arn"]}, {"Fn::GetAtt": "Three.Name"}],
                 "C": {"Fn::Sub": "arn:${AWS::Partition}:${Four}/${Five.Arn}"},
                 "D": {"Fn::Sub": ["${X}", {"X": {"Ref": "Six"}}]}}
        self.assertEqual(references(value, set()), {"One", "Two", "Three", "Four", "Five", "Six", "X", "AWS::Partition"})

    def test_a_cycle_through_properties_and_depends_on_is_found(self):
        resources = {
            "Api": {"Properties": {"Body": {"uri": {"Fn::GetAtt": ["Fn", "Arn"]}}}},
            "Fn": {"Properties": {"Env": {"Ref": "Bucket"}}},
            "Bucket": {"Properties": {"Cors": {"Fn::Sub": "https://${Cdn.DomainName}"}}},
            "Cdn": {"Properties": {}, "DependsOn": "Api"},
        }
        cycle = find_cycle(dependencies(resources))
        self.assertEqual(cycle[0], cycle[-1])
        self.assertEqual(set(cycle), {"Api", "Fn", "Bucket", "Cdn"})

    def test_no_cycle_when_the_bucket_is_named(self):
        resources = {
            "Api": {"Properties": {"Body": {"uri": {"Fn::GetAtt": ["Fn", "Arn"]}}}},
            "Fn": {"Properties": {"Env": {"Fn::Sub": "${AWS::StackName}-uploads"}}},
            "Bucket": {"Properties": {"Cors": {"Fn::Sub": "https://${Cdn.DomainName}"}}},
            "Cdn": {"Properties": {"Origin": {"Ref": "Api"}}},
        }
        self.assertIsNone(find_cycle(dependencies(resources)))


if __name__ == "__main__":
    unittest.main()
